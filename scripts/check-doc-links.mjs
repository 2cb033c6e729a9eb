// Checks the relative links of README.md and docs/ (not docs/decisions/): every `](#anchor)`,
// `](path)` and `](path#anchor)` must name a file that exists and a heading it has, by GitHub's slug
// rules (lowercase, spaces to '-', punctuation dropped except '-' and '_'). Prints each broken link; exits 1
// when there is one. Usage: node scripts/check-doc-links.mjs
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "..");
const withoutFences = (text) => text.replace(/^```[\s\S]*?^```/gm, "");

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, title] of withoutFences(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = title
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, "")
      .replaceAll(" ", "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const markdownIn = (folder) =>
  readdirSync(folder)
    .map((name) => path.join(folder, name))
    .flatMap((at) =>
      statSync(at).isDirectory()
        ? at.endsWith(`${path.sep}decisions`)
          ? []
          : markdownIn(at)
        : at.endsWith(".md")
          ? [at]
          : [],
    );

const files = [path.join(root, "README.md"), ...markdownIn(path.join(root, "docs"))];
let checked = 0;
const broken = [];
for (const file of files) {
  for (const [, target] of withoutFences(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    checked += 1;
    const [linkPath, anchor] = target.split("#");
    const into = linkPath ? path.resolve(path.dirname(file), linkPath) : file;
    const missing = !existsSync(into)
      ? "no such file"
      : anchor !== undefined && !(statSync(into).isFile() && anchorsOf(into).has(anchor))
        ? "no such heading"
        : null;
    if (missing) broken.push(`${path.relative(root, file)}: (${target}) ${missing}`);
  }
}
for (const line of broken) console.log(line);
console.log(`${checked} links in ${files.length} files, ${broken.length} broken`);
process.exitCode = broken.length > 0 ? 1 : 0;
