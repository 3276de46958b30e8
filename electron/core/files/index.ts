/** The user's attached files: what they are, how they are kept, and what the model gets of them. */
export { createFileStore, MAX_OPEN_UPLOADS, UNSENT_FILE_MS, type FileStore } from './fileStore';
export { sniffFile, SNIFF_BYTES, type Sniffed } from './fileKinds';
