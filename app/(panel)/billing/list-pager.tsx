import { OffsetPager } from "@/components/layout/offset-pager";

/** "21–40 of 53" with Newer / Older links, kept with the page's filter (pages count from 1). */
export function ListPager({ page, pageSize, total, href }: { page: number; pageSize: number; total: number; href: (page: number) => string }) {
  return <OffsetPager offset={(page - 1) * pageSize} pageSize={pageSize} total={total} href={(offset) => href(offset / pageSize + 1)} />;
}
