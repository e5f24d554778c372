export { FlowMedia, MediaElement, type FlowMediaType } from "./FlowMedia";
export { acceptFor, checkFlowMedia, contentMediaKind, fileExtension, type FlowMediaKind } from "./formats";
export { compressImage, CompressionError } from "./compress";
export { flowMediaPath, uploadContentMedia, uploadFlowMedia } from "./upload";
