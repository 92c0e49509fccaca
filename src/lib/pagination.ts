// The spec's pagination record (§3), computed from page, per and the total count.
export type Pagination = {
  currentPage: number;
  totalPages: number;
  prevPage: number | null;
  nextPage: number | null;
  isFirstPage: boolean;
  isLastPage: boolean;
  totalCount: number;
  limitValue: number;
  offset: number;
};

export function paginate(page: number, per: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / per));
  return {
    currentPage: page,
    totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
    isFirstPage: page === 1,
    isLastPage: page >= totalPages,
    totalCount,
    limitValue: per,
    offset: (page - 1) * per,
  };
}
