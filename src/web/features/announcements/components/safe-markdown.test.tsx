import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SafeMarkdown } from "./safe-markdown.tsx";

const render = (markdown: string) => renderToStaticMarkup(<SafeMarkdown>{markdown}</SafeMarkdown>);

describe("SafeMarkdown", () => {
  it("renders Markdown", () => {
    const html = render("We **upgrade** on *Sunday*. See [the status page](https://status.example.com).");
    expect(html).toContain("<strong>upgrade</strong>");
    expect(html).toContain("<em>Sunday</em>");
    expect(html).toContain('<a href="https://status.example.com">the status page</a>');
  });

  it("renders <script> and other raw HTML inert", () => {
    const html = render(
      'Hello <script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|onerror/i);
    expect(html).toContain("Hello");
  });

  it("drops javascript: links", () => {
    const html = render("[click](javascript:alert(1)) and ![pic](javascript:alert(2))");
    expect(html).not.toContain("javascript:");
  });
});
