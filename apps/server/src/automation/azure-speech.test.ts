/**
 * Azure Speech's request, pure parts (azure-speech.ts): the SSML a reply
 * becomes, and a block's region that could name another host refused before
 * any call. The call itself: flows/node-hold.voice.test.ts, against the fake.
 */
import { describe, expect, it } from "vitest";
import { SpeechFailure, ssmlOf, synthesizeSpeech } from "./azure-speech.js";

describe("Azure Speech", () => {
  it("puts the reply, XML-escaped, in a pt-BR speak element with the voice", () => {
    expect(ssmlOf("pt-BR-YaraNeural", `Pão & "café" <já>, 'Paulo'`)).toBe(
      '<speak version="1.0" xml:lang="pt-BR"><voice name="pt-BR-YaraNeural">' +
        "Pão &amp; &quot;café&quot; &lt;já&gt;, &apos;Paulo&apos;</voice></speak>",
    );
  });

  it.each(["evil.example.com/x", "brazilsouth.attacker.net", "", "a b"])(
    "refuses the region %j without calling anyone (it names the host)",
    async (region) => {
      const call = synthesizeSpeech(undefined, { name: "pt-BR-YaraNeural", key: "k", region }, "Oi");
      await expect(call).rejects.toBeInstanceOf(SpeechFailure);
    },
  );

  it("a block without a voice key is a failure (the text goes instead)", async () => {
    const call = synthesizeSpeech("http://127.0.0.1:9", { name: "pt-BR-YaraNeural", key: "", region: "x" }, "Oi");
    await expect(call).rejects.toThrow("no voice key");
  });
});
