// The Travesía mark (a sail over two waves) and word mark, drawn inline so it never loads late.

export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="11" fill="#0b4f6c" />
      <path d="M20.5 7.5 L20.5 24 L11 24 Z" fill="#ffffff" />
      <path d="M22.5 10.5 L30 24 L22.5 24 Z" fill="#75d9ff" />
      <path
        d="M7 27.5c2.2 1.6 4.4 1.6 6.6 0s4.4-1.6 6.6 0 4.4 1.6 6.6 0 4.4-1.6 6.6 0"
        fill="none"
        stroke="#f26b4f"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path
        d="M9.5 32c1.8 1.2 3.7 1.2 5.5 0s3.7-1.2 5.5 0 3.7 1.2 5.5 0 3.7-1.2 5.5 0"
        fill="none"
        stroke="#2cc6ff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ name, tone = "dark" }: { name: string; tone?: "dark" | "light" }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      <span className={`text-xl font-extrabold tracking-tight ${tone === "dark" ? "text-sea-950" : "text-white"}`}>
        {name}
      </span>
    </span>
  );
}
