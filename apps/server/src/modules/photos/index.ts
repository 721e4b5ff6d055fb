// The photos module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { photosRoutes } from './routes';
export { checkedStaffPhoto, keepStaffPhoto } from './staff-photos';
export { PHOTO_DATA_URL, reencodeUpload, RefusedUploadError, UPLOAD_FORMAT_OF, UploadTimeoutError } from './uploads';
export type { UploadRecipe } from './uploads';
