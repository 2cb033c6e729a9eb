import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActionList,
  ActionListInput,
  CalendarFeed,
  CreateTaskInput,
  NotificationSettings,
  Task,
  TaskPage,
  UpdateTaskInput,
} from "../../../../shared/schemas/follow-ups.ts";
import { api } from "../../../lib/api.ts";

const TASKS = "/api/tasks";
const ACTION_LIST_KEY = ["/api/action-list"] as const;
const NOTIFICATIONS_KEY = ["/api/notification-settings"] as const;
const CALENDAR_KEY = ["/api/calendar-feed"] as const;

/** Every task of one event, soonest first (done and closed ones too). */
export function useEventTasks(eventId: string) {
  return useQuery({
    queryKey: [TASKS, "event", eventId] as const,
    queryFn: ({ signal }) =>
      api.get<TaskPage>(`${TASKS}?eventId=${encodeURIComponent(eventId)}&limit=200`, { signal }),
  });
}

/** A task change shows in the event's list and in the dashboard's action items. */
function useTaskMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [TASKS] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] }),
      ]),
  });
}

export const useCreateTask = () => useTaskMutation((input: CreateTaskInput) => api.post<Task>(TASKS, input));

export const useUpdateTask = () =>
  useTaskMutation(({ id, changes }: { id: string; changes: UpdateTaskInput }) =>
    api.patch<Task>(`${TASKS}/${encodeURIComponent(id)}`, changes),
  );

export const useDeleteTask = () =>
  useTaskMutation((id: string) => api.delete<void>(`${TASKS}/${encodeURIComponent(id)}`));

export function useActionList() {
  return useQuery({
    queryKey: ACTION_LIST_KEY,
    queryFn: ({ signal }) => api.get<ActionList>("/api/action-list", { signal }),
  });
}

export function useSaveActionList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActionListInput) => api.put<ActionList>("/api/action-list", input),
    onSuccess: (list) => queryClient.setQueryData(ACTION_LIST_KEY, list),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => api.get<NotificationSettings>("/api/notification-settings", { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettings) =>
      api.put<NotificationSettings>("/api/notification-settings", input),
    onSuccess: (settings) => queryClient.setQueryData(NOTIFICATIONS_KEY, settings),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_KEY,
    queryFn: ({ signal }) => api.get<CalendarFeed>("/api/calendar-feed", { signal }),
  });
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>("/api/calendar-feed/rotate"),
    onSuccess: (feed) => queryClient.setQueryData(CALENDAR_KEY, feed),
  });
}
