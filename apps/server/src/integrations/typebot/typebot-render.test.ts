/** Typebot's bubbles in WhatsApp's words: what the customer reads for each kind of formatting. */
import { describe, expect, it } from "vitest";
import { answerFor, markdownToWhatsApp, renderAnswer, richTextToWhatsApp } from "./typebot-render.js";

describe("rich text", () => {
  it("marks bold, italic and strike against the words, keeps paragraphs as lines, and spells links out", () => {
    const richText = [
      {
        type: "p",
        children: [{ text: "Oi " }, { text: "Ana ", bold: true }, { text: "tudo bem?", italic: true, bold: true }],
      },
      { type: "p", children: [{ text: "de " }, { text: "R$ 10", strikethrough: true }] },
      { type: "p", children: [{ type: "a", url: "https://x.example", children: [{ text: "https://x.example" }] }] },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "lic", children: [{ text: "um" }] }] },
          { type: "li", children: [{ text: "dois" }] },
        ],
      },
    ];
    expect(richTextToWhatsApp(richText)).toBe("Oi *Ana* _*tudo bem?*_\nde ~R$ 10~\nhttps://x.example\n• um\n• dois");
  });

  it("reads a variable's inline paragraph as text, and nothing from what is not rich text", () => {
    expect(
      richTextToWhatsApp([
        {
          type: "p",
          children: [
            { text: "Pedido " },
            { type: "inline-variable", children: [{ type: "p", children: [{ text: "#42" }] }] },
          ],
        },
      ]),
    ).toBe("Pedido #42");
    expect(richTextToWhatsApp("texto")).toBe("");
  });
});

describe("markdown", () => {
  it("turns **bold**, *italic*, _italic_, ~~strike~~ and [links](url) into WhatsApp's marks", () => {
    expect(markdownToWhatsApp("**Oi** *você* e _ela_, ~~não~~ [site](https://a.example) \\*literal\\*")).toBe(
      "*Oi* _você_ e _ela_, ~não~ site (https://a.example) *literal*",
    );
  });
});

describe("choices", () => {
  const choices = [
    { id: "a", content: "Vendas" },
    { id: "b", content: "Suporte técnico" },
  ];

  it("a number in range or the choice's text (any case) answers it; anything else goes as typed", () => {
    expect(answerFor("2", choices)).toBe("Suporte técnico");
    expect(answerFor(" suporte TÉCNICO ", choices)).toBe("Suporte técnico");
    expect(answerFor("3", choices)).toBe("3");
    expect(answerFor("oi", choices)).toBe("oi");
    expect(answerFor("1", null)).toBe("1");
  });

  it("lists a choice input after the bubbles, and sends YouTube videos as their link", () => {
    const { replies, choices: pending } = renderAnswer({
      messages: [
        { type: "video", content: { type: "youtube", url: "https://youtu.be/x" } },
        { type: "audio", content: { url: "https://a.example/a.mp3" } },
      ],
      input: {
        type: "choice input",
        items: [
          { id: "1", content: "Sim" },
          { id: "2", content: "Não" },
        ],
      },
    });
    expect(replies).toEqual([
      { kind: "text", text: "https://youtu.be/x" },
      { kind: "media", mediaType: "audio", url: "https://a.example/a.mp3" },
      { kind: "text", text: "*1* - Sim\n*2* - Não" },
    ]);
    expect(pending).toEqual([
      { id: "1", content: "Sim" },
      { id: "2", content: "Não" },
    ]);
  });
});
