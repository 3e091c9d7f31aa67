// A layout of its own so that the segment's forbidden.tsx (why creating projects was refused) is
// the boundary for this page, not the site-wide one.
export default function NewProjectLayout({ children }: { children: React.ReactNode }) {
  return children;
}
