export default function SignupPage() {
  return <div>SignupPage</div>;
}
