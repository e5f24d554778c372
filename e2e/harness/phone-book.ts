/**
 * The contacts saved on the scripted phone (whatsapp-web-main.ts's `contacts`
 * step), as Baileys' `contacts.upsert` brings them; specs read the names.
 */
import type { Contact } from "@whiskeysockets/baileys";

export const phoneBook: Contact[] = [
  { id: "5511900001001@s.whatsapp.net", name: "Ana do Celular" },
  { id: "5511900001002@s.whatsapp.net", name: "Bruno do Celular" },
  { id: "5511900001003@s.whatsapp.net", name: "Carla do Celular" },
];
