/** The height from an element's top to the window's bottom (less a margin), kept current on resize. */
import { useLayoutEffect, useRef, useState } from "react";

export function useFillHeight<T extends HTMLElement>(margin = 24, min = 420) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(min, window.innerHeight - top - margin));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [margin, min]);
  return { ref, height };
}
