/** Quick messages (business-areas §2.7, §3 "Quick message", §7). */

export interface QuickMessageDto {
  id: number;
  shortcode: string;
  message: string;
  companyId: number;
  userId: number | null;
  geral: boolean;
  visao: boolean;
  status: boolean;
  isMedia: boolean;
  /** {host}/public/... of the attached media, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}
