/**
 * Money in the product (plans, invoices, checkout) is BRL, written the
 * Brazilian way whatever the interface language (core-platform §1, §9; issue
 * 30 item 7): "R$ 30,00", never "R$30.00" nor "30,00 BRL". Intl puts a
 * no-break space after "R$", so the amount never wraps away from it.
 */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** A value in reais, from a number or the server's decimal string. */
export function formatBrl(value: number | string): string {
  return brl.format(Number(value));
}
