/**
 * The workspace fills the window below the top bar: its height is measured
 * from where it starts, so a wrapped top bar or a subscription warning above
 * it are taken into account.
 */
import { useLayoutEffect, useRef, useState } from "react";

export function useFillHeight<T extends HTMLElement>(bottomGap: number) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(320, window.innerHeight - top - bottomGap));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [bottomGap]);
  return { ref, height };
}
