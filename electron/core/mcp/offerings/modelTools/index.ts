/** The tool catalog's pure parts: model names, Ollama tool shapes, fingerprints, results for the model. */
export {
  MAX_MODEL_NAME_LENGTH,
  MAX_RETIRED_NAMES,
  MODEL_NAME_PATTERN,
  ModelNameTable,
  baseModelName,
  sanitizeNamePart,
  type ToolOwner,
} from './modelNames';
export {
  MAX_PARAMETER_DESCRIPTION_LENGTH,
  MAX_SCHEMA_DEPTH,
  MAX_TOOL_DESCRIPTION_LENGTH,
  toOllamaTool,
  toParameters,
  type OllamaParameter,
  type OllamaTool,
} from './ollamaTools';
export {
  DEFAULT_MAX_RESULT_CHARS_FOR_MODEL,
  resultForModel,
  truncationNote,
  type ResultForModel,
} from './resultForModel';
export {
  DEFAULT_IMAGE_BOUNDS,
  MAX_TOOL_IMAGE_BYTES,
  MAX_TOOL_IMAGES,
  type ImageBounds,
  type ToolImage,
} from './modelImages';
export {
  canonicalJson,
  describeToolChange,
  toolFingerprint,
  toolSnapshot,
  type ToolSnapshot,
} from './toolFingerprint';
