/**
 * When each user's cached values were last declared out of date, so that a value read from the database is
 * kept only if nothing of its user changed since the read began: a read under way when a change is heard of
 * may have seen the data before it. `now()` is taken before the read, `isCurrent` asked after it.
 */
export function createForgetLog(maxUsers = 10_000) {
  let clock = 0;
  let allForgottenAt = 0;
  const forgottenAt = new Map<string, number>();
  const forgetAll = () => {
    clock += 1;
    allForgottenAt = clock;
    forgottenAt.clear();
  };
  return {
    now: () => clock,
    forgetUser(userId: string): void {
      clock += 1;
      forgottenAt.set(userId, clock);
      // Bounded: past it, treated as a change of everyone's data (reads under way are not kept).
      if (forgottenAt.size > maxUsers) forgetAll();
    },
    forgetAll,
    /** Whether a value of `userId` read since `since` (a `now()`) missed no change. */
    isCurrent(since: number, userId: string): boolean {
      return allForgottenAt <= since && (forgottenAt.get(userId) ?? 0) <= since;
    },
  };
}
