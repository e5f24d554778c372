/** GET /inbound-rejections, a page of 20 after another (newest first), for the super admin's page. */
import type { InboundRejectionsPage } from "@balcao/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../api/http";

export function useInboundRejections() {
  const query = useInfiniteQuery({
    queryKey: ["inbound-rejections"],
    queryFn: ({ pageParam }) => api.get<InboundRejectionsPage>("/inbound-rejections", { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: InboundRejectionsPage, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const pages = query.data?.pages;
  return { items: pages?.flatMap((p) => p.records) ?? [], count: pages?.[0]?.count, query };
}
