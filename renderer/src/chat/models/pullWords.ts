/**
 * A model download in words a person reads: what is being downloaded, how much of it, and about
 * how long is left, instead of Ollama's own steps ("pulling 7da4586fade3", the layer's digest).
 * Ollama's statuses follow PullModel in ollama/ollama server/images.go: "pulling manifest",
 * "pulling <first 12 hex of the layer digest>" with total/completed bytes, "verifying sha256
 * digest", "writing manifest", "success".
 */

/** One reading of the download, to tell the speed from the next. */
export interface PullSample {
  status: string;
  completed: number;
  at: number;
}

const LAYER = /^pulling [0-9a-f]{12}$/;

/** What Ollama is doing now, as a sentence about `model`. */
export function pullStep(model: string, status: string): string {
  if (LAYER.test(status)) return `Downloading ${model}`;
  if (status === 'pulling manifest' || status === 'Starting…' || status === '')
    return `Getting ready to download ${model}…`;
  if (status.startsWith('verifying')) return `Checking the download of ${model}…`;
  if (status === 'writing manifest' || status === 'success') return `Finishing ${model}…`;
  if (status === 'Already being pulled…') return `${model} is already being downloaded…`;
  return status;
}

/** 274 MB, 1.3 GB, 820 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${bytes} bytes`;
}

/** "about 20 s left", "about 3 min left"; undefined until the speed is known. */
export function timeLeft(
  first: PullSample | undefined,
  now: PullSample,
  total: number | undefined,
): string | undefined {
  if (!first || !total || first.status !== now.status) return undefined;
  const seconds = (now.at - first.at) / 1000;
  const bytes = now.completed - first.completed;
  if (seconds < 1 || bytes <= 0) return undefined;
  const left = Math.max(0, total - now.completed) / (bytes / seconds);
  if (left < 60) return `about ${Math.max(1, Math.round(left))} s left`;
  if (left < 3600) return `about ${Math.round(left / 60)} min left`;
  return `about ${Math.round(left / 3600)} h left`;
}
