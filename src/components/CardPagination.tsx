// Server pages of a list of cards (works on Seguimiento Obras and Stock reservado por OT):
// shown only when there is more than one page; a new page starts at the top of the screen.
import { Pagination } from "antd";
import { totalText } from "../domain/format/total";

export function CardPagination({ className, page, pageSize, total, capped = false, noun, onPage }: {
  className?: string;
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at its bound: "más de N obras" (src/domain/format/total.ts). */
  capped?: boolean;
  /** Plural shown after the total: "12 obras". */
  noun: string;
  onPage: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className={className}
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      showTotal={(n) => totalText(n, capped, noun, noun)}
      onChange={(p) => {
        onPage(p);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
