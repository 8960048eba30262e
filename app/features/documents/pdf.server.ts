import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { Shown } from "~/features/messaging/contact-boundary";

// DejaVu Sans has the naira sign (₦), which the PDF standard fonts lack; pdfkit embeds only the glyphs used.
const FONT_DIR = path.resolve("app/features/documents/fonts");
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

const MARGIN = 50;
const INK = "#111827";
const MUTED = "#4b5563";

/**
 * A document's content. Every text is `Shown` (ADR 0028 addendum): our words (`ourWords`), a booking's
 * fields through `shownTo`, and `sentence`s of those, so a builder that prints a raw typed field (the
 * client's name, the venue, "Others", the notes) into a contract, invoice or receipt does not compile.
 */
export type Block =
  | { kind: "title"; text: Shown; subtitle?: Shown }
  | { kind: "heading"; text: Shown }
  | { kind: "fields"; rows: [Shown, Shown][] }
  | { kind: "money"; rows: [Shown, Shown][]; total?: [Shown, Shown] }
  | { kind: "text"; text: Shown }
  | { kind: "list"; items: Shown[] };

/** Renders document blocks to a PDF (A4) in memory. */
export function renderPdf(meta: { title: Shown; author: Shown }, blocks: Block[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: meta.title, Author: meta.author, Creator: "Stagebook" },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - MARGIN * 2;

  for (const block of blocks) {
    switch (block.kind) {
      case "title":
        doc.font("bold").fontSize(20).fillColor(INK).text(block.text);
        if (block.subtitle) doc.font("regular").fontSize(10).fillColor(MUTED).text(block.subtitle);
        doc.moveDown(1);
        break;
      case "heading":
        doc.moveDown(0.6).font("bold").fontSize(12).fillColor(INK).text(block.text);
        doc
          .moveTo(MARGIN, doc.y + 2)
          .lineTo(MARGIN + width, doc.y + 2)
          .strokeColor("#d1d5db")
          .stroke();
        doc.moveDown(0.5);
        break;
      case "fields":
        for (const [label, value] of block.rows) {
          const y = doc.y;
          doc.font("bold").fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 150 });
          const labelBottom = doc.y;
          doc
            .font("regular")
            .fillColor(INK)
            .text(value, MARGIN + 160, y, { width: width - 160 });
          doc.y = Math.max(doc.y, labelBottom);
          doc.moveDown(0.2);
        }
        doc.x = MARGIN;
        break;
      case "money": {
        const line = ([label, value]: [Shown, Shown], font: "regular" | "bold") => {
          const y = doc.y;
          doc
            .font(font)
            .fontSize(10)
            .fillColor(INK)
            .text(label, MARGIN, y, { width: width - 160 });
          doc.text(value, MARGIN + width - 150, y, { width: 150, align: "right" });
          doc.moveDown(0.2);
        };
        for (const row of block.rows) line(row, "regular");
        if (block.total) {
          doc
            .moveTo(MARGIN + width - 200, doc.y)
            .lineTo(MARGIN + width, doc.y)
            .strokeColor(INK)
            .stroke();
          doc.moveDown(0.2);
          line(block.total, "bold");
        }
        doc.x = MARGIN;
        break;
      }
      case "text":
        doc.font("regular").fontSize(10).fillColor(INK).text(block.text, MARGIN, doc.y, { width });
        doc.moveDown(0.4);
        break;
      case "list":
        doc.font("regular").fontSize(10).fillColor(INK).list(block.items, MARGIN, doc.y, {
          width,
          bulletRadius: 1.5,
          paragraphGap: 3,
        });
        doc.moveDown(0.4);
        break;
    }
  }
  doc.end();
  return done;
}
