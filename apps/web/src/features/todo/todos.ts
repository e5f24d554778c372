/** The personal to-do list: kept in this browser only, never sent to the server (business-areas §2.16). */
export interface Todo {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

const STORAGE_KEY = "todos";

export function loadTodos(): Todo[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as Todo[]).filter((t) => typeof t?.text === "string") : [];
  } catch {
    return [];
  }
}

export function saveTodos(todos: Todo[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(todos));
}

export function addTodo(todos: Todo[], text: string, now = new Date()): Todo[] {
  const at = now.toISOString();
  return [...todos, { id: crypto.randomUUID(), text, createdAt: at, updatedAt: at }];
}

export function editTodo(todos: Todo[], id: string, text: string, now = new Date()): Todo[] {
  return todos.map((t) => (t.id === id ? { ...t, text, updatedAt: now.toISOString() } : t));
}

export function removeTodo(todos: Todo[], id: string): Todo[] {
  return todos.filter((t) => t.id !== id);
}
