import { Star } from "lucide-react";

/** A 1–5 rating as five stars, read out as "Rated N of 5". */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={star <= rating ? "size-4 fill-warning text-warning" : "size-4 text-muted-foreground/40"}
        />
      ))}
    </span>
  );
}
