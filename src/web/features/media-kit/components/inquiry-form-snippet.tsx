import { Copy, ExternalLink } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { copyText } from "../../../lib/copy-text.ts";

/** The HTML a speaker pastes into their website to show the inquiry form in place. */
export function inquiryEmbedCode(url: string): string {
  return `<iframe src="${url}" title="Send an inquiry" width="100%" height="1150" style="border:0;max-width:720px" loading="lazy"></iframe>`;
}

/**
 * The planner inquiry form's public address and embed code (issue 18), on the Share links tab: the form
 * exists once the media kit has its address (slug).
 */
export function InquiryFormSnippet({ slug, origin }: { slug: string | null; origin: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Inquiry form for your website</CardTitle>
        <CardDescription>
          Planners tell you about their event; each inquiry arrives in your events as an Inquiry, with the
          client added, and by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {slug ? (
          <Snippets url={`${origin}/inquire/${slug}`} />
        ) : (
          <p className="text-sm text-muted-foreground">
            Choose your media kit's address on the Media kit tab and save it: your inquiry form opens at that
            address.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Snippets({ url }: { url: string }) {
  const code = inquiryEmbedCode(url);
  return (
    <div className="grid gap-4">
      <FormField
        label="Link to your form"
        description="Put it on your website, in your e-mail signature or on social media."
      >
        <Input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void copyText(url, { title: "Link copied", description: "Paste it wherever planners find you." })
          }
        >
          <Copy aria-hidden="true" /> Copy form link
        </Button>
        <Button variant="ghost" asChild>
          <a href={url} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" /> Open the form
          </a>
        </Button>
      </div>
      <FormField
        label="Embed code"
        description="Paste it into a page of your website to show the form right there."
      >
        <Textarea
          readOnly
          rows={3}
          value={code}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      <div>
        <Button
          variant="outline"
          onClick={() =>
            void copyText(code, {
              title: "Embed code copied",
              description: "Paste it into your website's page editor.",
            })
          }
        >
          <Copy aria-hidden="true" /> Copy embed code
        </Button>
      </div>
    </div>
  );
}
