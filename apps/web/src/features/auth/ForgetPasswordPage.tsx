export default function ForgetPasswordPage() {
  return <div>ForgetPasswordPage</div>;
}
