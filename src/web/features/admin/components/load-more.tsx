import { Button } from "../../../components/ui/button.tsx";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The "Load more" button under a paged admin list; nothing once the last page is shown. */
export function LoadMore({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div>
      <Button variant="outline" isLoading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
