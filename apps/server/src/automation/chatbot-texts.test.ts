/** The bot's menus exactly as the customer reads them (SERVER-BEHAVIOUR "Chatbot routing"). */
import { describe, expect, it } from "vitest";
import { optionMenuText, queueMenuText } from "./chatbot-texts.js";

describe("bot menu texts", () => {
  it("queue menu: greeting, one numbered line per queue in the given order, then Sair", () => {
    expect(queueMenuText("Olá!", [{ name: "Vendas" }, { name: "Suporte" }])).toBe(
      "Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n\n*[ Sair ]* - Encerrar atendimento",
    );
  });

  it("without a greeting the menu starts with the first queue", () => {
    expect(queueMenuText("  ", [{ name: "Vendas" }])).toBe("*[ 1 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento");
  });

  it("option menu: '[ n ] title' by option number, then the way back", () => {
    const options = [
      { option: 2, title: "Boleto " },
      { option: 1, title: "Internet" },
    ];
    expect(optionMenuText("Escolha:", options, { up: true, home: true })).toBe(
      "Escolha:\n\n[ 1 ] Internet\n[ 2 ] Boleto\n\n[ 0 ] Menu anterior\n[ # ] Menu inicial",
    );
    expect(optionMenuText("", options, { up: false, home: false })).toBe("[ 1 ] Internet\n[ 2 ] Boleto");
  });
});
