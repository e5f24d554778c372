export default function LoginPage() {
  return <div>LoginPage</div>;
}
