/** Screenshots into the chat: the service, the image work and the platform's refusals in words. */
export {
  createScreenService,
  PREVIEW_BOX,
  screenshotName,
  keepInFileStore,
  THUMBNAIL_BOX,
  type RawScreenSource,
  type ScreenCaptureBackend,
  type ScreenService,
  type TakenScreenshot,
} from './screenService';
export { cropPng, imageSize, MIN_REGION_PIXELS, regionProblem } from './screenImage';
export {
  refusalBeforeAsking,
  refusalWhenAsking,
  type CaptureSituation,
  type MediaAccess,
} from './screenRefusal';
