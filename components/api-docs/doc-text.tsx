// An OpenAPI description as text: its `code spans` become <code>; nothing
// else of Markdown is interpreted, and nothing is rendered as HTML.
export function DocText({ text }: { text: string }) {
  return <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}
