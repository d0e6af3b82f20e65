import { lazy, Suspense, useEffect, useState } from "react";
import { GUEST_ATTEMPTS_KEY } from "#app/lib/storage-keys.ts";

const GuestClaimBanner = lazy(() => import("./guest-claim-banner.tsx"));

/**
 * After a sign-up or sign-in, the guest attempts this device keeps (issue 28) go to the
 * student's history: at once when "Đăng ký để lưu kết quả" led here, after asking otherwise
 * (a school computer's earlier visitor is not this student). Its code loads only on a device
 * that has some.
 */
export function GuestClaim({ userId }: { userId: string | null }) {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    let kept: string | null = null;
    try {
      kept = userId ? localStorage.getItem(GUEST_ATTEMPTS_KEY) : null;
    } catch {
      // Blocked storage keeps no guest attempts.
    }
    // localStorage exists only after hydration: reading it here is syncing with the device.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWaiting(kept !== null);
  }, [userId]);
  if (!userId || !waiting) return null;
  return (
    <Suspense fallback={null}>
      <GuestClaimBanner onDone={() => setWaiting(false)} />
    </Suspense>
  );
}
