/** The bot's menus exactly as the customer reads them (SERVER-BEHAVIOUR "Chatbot routing"; one format: issue 30 item 11). */
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

  it("option menu: '*[ n ]* - title' by option number, then the way back", () => {
    const options = [
      { option: 2, title: "Boleto " },
      { option: 1, title: "Internet" },
    ];
    expect(optionMenuText("Escolha:", options, { up: true, home: true })).toBe(
      "Escolha:\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Boleto\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial",
    );
    expect(optionMenuText("", options, { up: false, home: false })).toBe("*[ 1 ]* - Internet\n*[ 2 ]* - Boleto");
  });

  it("lists the choices of the queue menu and of the option levels in one format (issue 30 item 11)", () => {
    const choice = /^\*\[ (\d+|Sair|#) \]\* - \S/;
    const lines = (text: string) => text.split("\n").filter((l) => l.startsWith("*["));
    const menus = [
      queueMenuText("Olá!", [{ name: "Vendas" }, { name: "Pães" }]),
      optionMenuText("Pães:", [{ option: 1, title: "Pães" }], { up: false, home: true }),
      optionMenuText("Doces:", [{ option: 1, title: "Bolos" }], { up: true, home: true }),
    ];
    for (const menu of menus) {
      expect(lines(menu).length).toBeGreaterThan(1);
      for (const line of lines(menu)) expect(line).toMatch(choice);
      // No choice left in another format.
      expect(menu).not.toMatch(/^\[ /m);
    }
  });
});
