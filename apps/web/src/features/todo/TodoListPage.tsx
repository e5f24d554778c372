import { useEffect, useState, type FormEvent } from "react";
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlineOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { companyDateTime } from "../../app/company-clock";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { addTodo, editTodo, loadTodos, removeTodo, saveTodos, type Todo } from "./todos";

export default function TodoListPage() {
  const { t } = useTranslation();
  const [todos, setTodos] = useState<Todo[]>(loadTodos);
  const [text, setText] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  // A delete asks first, as every other delete does (business-areas §2.2).
  const [deleting, setDeleting] = useState<Todo | null>(null);

  useEffect(() => saveTodos(todos), [todos]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    setTodos((list) => (editingId ? editTodo(list, editingId, value) : addTodo(list, value)));
    setEditingId(null);
    setText("");
  };

  const startEdit = (todo: Todo) => {
    setEditingId(todo.id);
    setText(todo.text);
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t("todo.title")}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 1, mb: 2 }}>
        <TextField
          fullWidth
          size="small"
          label={t("todo.task")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { "data-testid": "todo-input", maxLength: 500 } }}
        />
        <Button type="submit" variant="contained" data-testid="todo-submit" disabled={!text.trim()}>
          {editingId ? t("todo.save") : t("todo.add")}
        </Button>
      </Box>
      {todos.length === 0 ? (
        <Typography color="text.secondary">{t("todo.empty")}</Typography>
      ) : (
        <List data-testid="todo-list">
          {todos.map((todo) => (
            <ListItem
              key={todo.id}
              divider
              secondaryAction={
                <>
                  <Tooltip title={t("todo.edit")}>
                    <IconButton aria-label={t("todo.edit")} onClick={() => startEdit(todo)}>
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t("todo.delete")}>
                    <IconButton aria-label={t("todo.delete")} onClick={() => setDeleting(todo)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </>
              }
            >
              <ListItemText
                primary={todo.text}
                secondary={companyDateTime(todo.updatedAt)}
                sx={{ pr: 10, wordBreak: "break-word" }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("todo.confirmDelete.title")}
        message={t("todo.confirmDelete.message", { text: deleting?.text ?? "" })}
        confirmLabel={t("todo.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && setTodos((l) => removeTodo(l, deleting.id))}
        onClose={() => setDeleting(null)}
        testId="todo-delete-dialog"
      />
    </Paper>
  );
}
