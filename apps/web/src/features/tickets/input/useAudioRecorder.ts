/**
 * Audio recording for the message input (core-platform §2.11, §9): the
 * microphone through MediaRecorder at 128 kbit/s, a seconds counter for the
 * mm:ss timer, cancel, and stop that hands back the recorded blob.
 */
import { useEffect, useRef, useState } from "react";

const audioBitsPerSecond = 128_000;

function preferredType(): string | undefined {
  return ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm"].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

export function useAudioRecorder() {
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  // Leaving the ticket mid-recording releases the microphone.
  useEffect(() => () => release(), []);

  function release() {
    const r = recorder.current;
    recorder.current = null;
    if (r && r.state !== "inactive") r.stop();
    r?.stream.getTracks().forEach((track) => track.stop());
  }

  async function start() {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const r = new MediaRecorder(stream, { mimeType: preferredType(), audioBitsPerSecond });
    chunks.current = [];
    r.ondataavailable = (e) => e.data.size > 0 && chunks.current.push(e.data);
    r.start();
    recorder.current = r;
    setSeconds(0);
    setRecording(true);
  }

  function cancel() {
    release();
    setRecording(false);
  }

  /** Stops and resolves with what was recorded. */
  function stop(): Promise<Blob> {
    const r = recorder.current;
    return new Promise((resolve) => {
      if (!r) return resolve(new Blob());
      r.onstop = () => resolve(new Blob(chunks.current, { type: r.mimeType || "audio/webm" }));
      release();
      setRecording(false);
    });
  }

  return { recording, seconds, start, cancel, stop };
}
