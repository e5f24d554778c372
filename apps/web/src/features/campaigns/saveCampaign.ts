/**
 * Saving the campaign modal (business-areas §7): POST or PUT /campaigns, then
 * the media picked in the modal to /campaigns/{id}/media-upload.
 */
import type { CampaignDto } from "@balcao/contracts";
import { api } from "../../api/http";
import type { CampaignBody } from "./campaignForm";
import { uploadMedia } from "../common/mediaUpload";

/**
 * Saves the campaign, then its media. A campaign saved with scheduledAt
 * within the hour is no longer editable, so its media could not follow: with
 * a file, it is saved unscheduled first, the file uploaded, and then
 * scheduled. `onStored` hears of the record as soon as it exists, so a retry
 * after a failed upload edits it rather than adding another.
 */
export async function saveCampaign(opts: {
  id: number | undefined;
  body: CampaignBody;
  file: File | null;
  /** A CANCELADA campaign: only its messages are taken, its media may change. */
  canceled: boolean;
  onStored: (campaign: CampaignDto) => void;
}): Promise<CampaignDto> {
  const { id, body, file, canceled, onStored } = opts;
  const put = (campaignId: number, sent: CampaignBody) => api.put<CampaignDto>(`/campaigns/${campaignId}`, sent);
  const held = file && body.scheduledAt !== null && !canceled ? { ...body, scheduledAt: null } : body;
  const saved = id === undefined ? await api.post<CampaignDto>("/campaigns", held) : await put(id, held);
  onStored(saved);
  if (!file) return saved;
  const withMedia = await uploadMedia<CampaignDto>(`/campaigns/${saved.id}`, file);
  onStored(withMedia);
  return held === body ? withMedia : put(saved.id, body);
}
