/**
 * Model names as Ollama reads them, shared by the page and main: the same name test decides what
 * the page asks about and what main refuses.
 */

/** `llama3.2` and `llama3.2:latest` name the same model, as Ollama reads them. */
export function sameModel(a: string, b: string): boolean {
  const canonical = (name: string) => {
    const last = name.split('/').pop() ?? name;
    return (last.includes(':') ? name : `${name}:latest`).toLowerCase();
  };
  return canonical(a) === canonical(b);
}
