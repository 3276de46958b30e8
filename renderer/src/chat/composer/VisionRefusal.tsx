/**
 * Before images go to a model that cannot see: the sentence main would refuse the message with
 * (preload/schemas/fileKinds.ts `visionRefusalSentence`), and a button for each model here that
 * can, which makes it the conversation's model. The message and its files stay in the composer.
 */
import { visionRefusalSentence } from '../../../../preload/schemas/fileKinds';
import type { ModelCapabilities } from '../chatTypes';
import { sameModel } from '../models/modelFacts';

export interface VisionProblem {
  model: string;
  imageName: string;
  /** The installed models that can see, as main would name them. */
  seeing: string[];
}

/** The problem with sending these images to `model`, or undefined (it sees, or nobody knows yet). */
export function visionProblem(
  model: string,
  imageNames: readonly string[],
  models: readonly { name: string }[] | undefined,
  capabilities: Readonly<Record<string, ModelCapabilities>>,
): VisionProblem | undefined {
  const imageName = imageNames[0];
  if (imageName === undefined) return undefined;
  // Ollama's list may name it with its tag (`llama3.2:latest` for `llama3.2`).
  const installed = models?.find((entry) => sameModel(entry.name, model))?.name ?? model;
  // Capabilities not read yet: main checks again as it takes the message.
  if (capabilities[installed]?.vision !== false) return undefined;
  const seeing = (models ?? [])
    .map((entry) => entry.name)
    .filter((name) => capabilities[name]?.vision === true);
  return { model, imageName, seeing };
}

export function VisionRefusal({
  problem,
  onUseModel,
  onDismiss,
}: {
  problem: VisionProblem;
  onUseModel(name: string): void;
  onDismiss(): void;
}) {
  return (
    <div className="notice notice-warning vision-refusal" role="alert">
      <p>{visionRefusalSentence(problem.model, problem.imageName, problem.seeing)}</p>
      <div className="vision-refusal-actions">
        {problem.seeing.map((name) => (
          <button
            key={name}
            type="button"
            className="button small"
            onClick={() => onUseModel(name)}
          >
            Use {name}
          </button>
        ))}
        <button type="button" className="button small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
