/** The rating path (issue 11 item 5): the question on close, the reply, the repeats. */
import { describe, expect, it } from "vitest";
import { closingPlan, parseRate, ratingQuestion, readRatingReply, type ClosingInput } from "./rating.js";

const closing: ClosingInput = {
  userRating: "enabled",
  isGroup: false,
  userId: 7,
  ratingAsks: 0,
  complationMessage: "Obrigado, {{firstName}}!",
  ratingMessage: "Como foi o atendimento de {{userName}}?",
};
const question =
  "Como foi o atendimento de {{userName}}?\n\n*1* - Insatisfeito, *2* - Satisfeito, *3* - Muito Satisfeito";

describe("ratingQuestion", () => {
  it("the connection's rating message followed by the scale; a default question without one", () => {
    expect(ratingQuestion(closing.ratingMessage)).toBe(question);
    expect(ratingQuestion("  ")).toBe(
      "Por favor, avalie o nosso atendimento:\n\n*1* - Insatisfeito, *2* - Satisfeito, *3* - Muito Satisfeito",
    );
  });
});

describe("closingPlan", () => {
  it("userRating enabled: the completion message, then the question, and the ticket waits", () => {
    expect(closingPlan(closing)).toEqual({ texts: ["Obrigado, {{firstName}}!", question], askRating: true });
    expect(closingPlan({ ...closing, complationMessage: "" })).toEqual({ texts: [question], askRating: true });
  });

  it("no question with userRating disabled, without an attendant, or when already asked", () => {
    const plain = { texts: ["Obrigado, {{firstName}}!"], askRating: false };
    expect(closingPlan({ ...closing, userRating: "disabled" })).toEqual(plain);
    expect(closingPlan({ ...closing, userId: null })).toEqual(plain);
    expect(closingPlan({ ...closing, ratingAsks: 1 })).toEqual(plain);
  });

  it("nothing at all for a group", () => {
    expect(closingPlan({ ...closing, isGroup: true })).toEqual({ texts: [], askRating: false });
  });
});

describe("readRatingReply", () => {
  it("1, 2 or 3 rate", () => {
    expect(readRatingReply(1, "1", "")).toEqual({ kind: "rate", rate: 1 });
    expect(readRatingReply(1, " 2 ", "")).toEqual({ kind: "rate", rate: 2 });
    expect(readRatingReply(3, "*3*", "")).toEqual({ kind: "rate", rate: 3 });
  });

  it("anything else asks again at most twice, then closes without a rating", () => {
    const ask = (asks: number) => readRatingReply(asks, "ótimo!", closing.ratingMessage);
    expect(ask(1)).toEqual({ kind: "askAgain", text: question, ratingAsks: 2 });
    expect(ask(2)).toEqual({ kind: "askAgain", text: question, ratingAsks: 3 });
    expect(ask(3)).toEqual({ kind: "closeWithoutRating" });
  });

  it("parseRate reads only a lone 1–3", () => {
    expect(["3", "3.", "3!", "_2_", " *1* "].map(parseRate)).toEqual([3, 3, 3, 2, 1]);
    expect(["0", "4", "10", "nota 3", "3 estrelas", "", "um"].map(parseRate)).toEqual(Array(7).fill(undefined));
  });
});
