import { Outlet } from 'react-router';
import { FeedbackHost } from '#src/shared/feedback/feedback-host.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <FeedbackHost />
    </>
  );
}
