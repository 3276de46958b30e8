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

/**
 * Ollama's cloud models are named with a `cloud` tag (`kimi-k2:1t-cloud`, `gpt-oss:cloud`): a
 * name like that is taken for a cloud model even when Ollama's list does not have it (yet).
 */
const CLOUD_TAG = /:(?:.*-)?cloud$/i;

/**
 * Whether `model` runs on ollama.com: as Ollama's list says (`remote`) when it lists the model,
 * else as its name says. Main refuses by this rule, and the page asks by it.
 */
export function isCloudModel(
  model: string,
  listed: readonly { name: string; remote?: boolean }[] | undefined,
): boolean {
  const entry = listed?.find((installed) => sameModel(installed.name, model));
  return entry ? entry.remote === true : CLOUD_TAG.test(model);
}
