import { describe, expect, it } from "vitest";
import { readXlsxSheets, type XlsxParts } from "./xlsx-xml.ts";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A package as the reader sees it: part names and their XML. */
function parts(xml: Record<string, string>): XlsxParts {
  return new Map(Object.entries(xml).map(([name, text]) => [name, Buffer.from(text)]));
}

const rels = (targets: string[]) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${targets
    .map((target, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${target}"/>`)
    .join("")}</Relationships>`;

describe("readXlsxSheets", () => {
  it("reads every kind of cell the way the cell shows it", async () => {
    const sheets = await readXlsxSheets(
      parts({
        "xl/workbook.xml": `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Events &amp; Talks" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        "xl/_rels/workbook.xml.rels": rels(["worksheets/sheet1.xml"]),
        "xl/sharedStrings.xml": `<sst xmlns="${MAIN}"><si><t>Keynote</t></si><si><r><t>Rich </t></r><r><rPr><b/></rPr><t xml:space="preserve">text</t></r><rPh><t>ふりがな</t></rPh></si><si><t>Line_x000D_break &lt;b&gt;</t></si></sst>`,
        "xl/styles.xml": `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="165" formatCode="[$-409]mmmm d, yyyy"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
        "xl/worksheets/sheet1.xml": `<worksheet xmlns="${MAIN}"><sheetData>
          <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>
          <row r="3" spans="1:9"><c r="A3" s="1"><v>46095</v></c><c r="B3" s="3"><v>46095.75</v></c><c r="C3" s="2"><v>7500.5</v></c><c r="D3" t="inlineStr"><is><t>inline =1+1</t></is></c><c r="E3" t="b"><v>1</v></c><c r="F3" t="e"><v>#N/A</v></c><c r="G3" t="str"><f>A3&amp;"x"</f><v>46095x</v></c><c r="H3"><f>C3*2</f><v>15001</v></c><c r="I3" s="1"/></row>
          <row r="4"><c r="AA4"><v>1</v></c></row>
        </sheetData></worksheet>`,
      }),
    );
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.name).toBe("Events & Talks");
    const [first, third, fourth] = sheets[0]!.rows;
    expect(first!.number).toBe(1);
    expect([...first!.cells.values()]).toEqual(["Keynote", "Rich text", "Line\rbreak <b>"]);
    expect(third!.number).toBe(3);
    expect(Object.fromEntries(third!.cells)).toEqual({
      1: new Date("2026-03-14T00:00:00Z"),
      2: new Date("2026-03-14T18:00:00Z"),
      3: 7500.5,
      4: "inline =1+1",
      5: true,
      6: "#N/A",
      7: "46095x",
      8: 15001,
    });
    expect(fourth!.cells.get(27)).toBe(1);
  });

  it("follows the relationships, namespace prefixes, missing cell references and the 1904 date system", async () => {
    const sheets = await readXlsxSheets(
      parts({
        "xl/workbook.xml": `<x:workbook xmlns:x="${MAIN}" xmlns:rel="${REL}"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Clients" sheetId="2" rel:id="rId2"/><x:sheet name="Events" sheetId="1" rel:id="rId1"/></x:sheets></x:workbook>`,
        "xl/_rels/workbook.xml.rels": rels(["/xl/worksheets/events.xml", "../xl/worksheets/other.xml"]),
        "xl/styles.xml": `<x:styleSheet xmlns:x="${MAIN}"><x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="22"/></x:cellXfs></x:styleSheet>`,
        "xl/worksheets/events.xml": `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>Talk</x:t></x:is></x:c><x:c s="1"><x:v>0</x:v></x:c></x:row><x:row><x:c><x:v>2</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
        "xl/worksheets/other.xml": `<x:worksheet xmlns:x="${MAIN}"><x:sheetData/></x:worksheet>`,
      }),
    );
    expect(sheets.map((sheet) => sheet.name)).toEqual(["Clients", "Events"]);
    expect(sheets[0]!.rows).toEqual([]);
    const [header, second] = sheets[1]!.rows;
    expect(Object.fromEntries(header!.cells)).toEqual({ 1: "Talk", 2: new Date("1904-01-01T00:00:00Z") });
    expect(second).toEqual({ number: 2, cells: new Map([[1, 2]]) });
  });
});
