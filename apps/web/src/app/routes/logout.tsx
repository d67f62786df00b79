import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '#src/shared/session/auth-api.ts';
import { PageLoader } from '../layouts/route-screen.tsx';

/** Ends the session (locally even if the server call fails) and opens login. */
export default function LogoutScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void logout().then(() => {
      if (current) void navigate('/login', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return <PageLoader />;
}
