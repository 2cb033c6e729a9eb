import { ArrowDown, ArrowUp, Star, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { formatBytes } from "../../../../shared/file-size.ts";
import type { FileKind, StoredFile } from "../../../../shared/schemas/files.ts";
import type { MediaKit } from "../../../../shared/schemas/media-kit.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { fileContentUrl, useDeleteFile, useUploadFile } from "../api/files.ts";
import { toMediaKitUpdate, useSaveMediaKit } from "../api/media-kit.ts";

type Role = "headshot" | "resource";
const ROLES: Record<
  Role,
  {
    field: "headshotFileIds" | "resourceFileIds";
    kind: FileKind;
    title: string;
    description: string;
    accept?: string;
  }
> = {
  headshot: {
    field: "headshotFileIds",
    kind: "headshot",
    title: "Headshots",
    description: "JPEG, PNG, WebP or GIF images. The first one is your primary headshot.",
    accept: "image/jpeg,image/png,image/webp,image/gif",
  },
  resource: {
    field: "resourceFileIds",
    kind: "document",
    title: "Downloadable resources",
    description:
      "Your one-sheet, intro script, rider, handouts: PDF, Word, PowerPoint, Excel, text or images. Planners download them from your media-kit link.",
  },
};

/** The kit's headshots or resources: upload, order, mark primary, remove. Each change is saved at once. */
export function MediaKitFiles({ use: role, kit, files }: { use: Role; kit: MediaKit; files: StoredFile[] }) {
  const { field, kind, title, description, accept } = ROLES[role];
  const upload = useUploadFile();
  const save = useSaveMediaKit();
  const remove = useDeleteFile();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const byId = new Map(files.map((file) => [file.id, file]));
  const ids = kit[field].filter((id) => byId.has(id));

  const saveIds = (next: string[], onSaved?: () => void) =>
    save.mutate(
      { ...toMediaKitUpdate(kit), [field]: next },
      {
        onSuccess: onSaved,
        onError: (failure) =>
          setError(describeError(failure, "Could not save the change. Please try again.")),
      },
    );

  const uploadChosen = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    setError(null);
    const added: string[] = [];
    for (const file of Array.from(chosen)) {
      try {
        added.push((await upload.mutateAsync({ file, kind })).id);
      } catch (failure) {
        setError(`${file.name}: ${describeError(failure, "The upload failed. Please try again.")}`);
        break;
      }
    }
    if (input.current) input.current.value = "";
    if (added.length > 0) {
      saveIds([...ids, ...added], () =>
        toast({ title: added.length === 1 ? "File added" : `${added.length} files added` }),
      );
    }
  };

  const move = (index: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    next.splice(to, 0, id!);
    saveIds(next);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {ids.length > 0 && (
          <ul className="grid gap-2">
            {ids.map((id, index) => {
              const file = byId.get(id)!;
              return (
                <li
                  key={id}
                  className="flex flex-wrap items-center gap-3 rounded-md border border-border p-2"
                >
                  {role === "headshot" && (
                    <img
                      src={fileContentUrl(id)}
                      alt={`Headshot ${index + 1}`}
                      className="size-16 rounded-md object-cover"
                    />
                  )}
                  <div className="min-w-32 flex-1">
                    <p className="break-all text-sm font-medium">{file.filename}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatBytes(file.size)}
                      {role === "headshot" && index === 0 && (
                        <Badge className="ml-2" variant="primary">
                          Primary
                        </Badge>
                      )}
                    </p>
                  </div>
                  <div className="ml-auto flex gap-1">
                    {role === "headshot" && index > 0 && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => move(index, 0)}
                        disabled={save.isPending}
                      >
                        <Star aria-hidden="true" /> Make primary
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${file.filename} up`}
                      disabled={index === 0 || save.isPending}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${file.filename} down`}
                      disabled={index === ids.length - 1 || save.isPending}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${file.filename}`}
                      onClick={() => setDeleting(file)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={accept}
            className="sr-only"
            onChange={(event) => void uploadChosen(event.target.files)}
          />
          <Button
            variant="outline"
            isLoading={upload.isPending}
            onClick={() => input.current?.click()}
            aria-describedby={error ? `${inputId}-error` : undefined}
          >
            <Upload aria-hidden="true" /> {role === "headshot" ? "Upload headshots" : "Upload files"}
          </Button>
        </div>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.filename ?? "this file"}?`}
        description="The file is removed from your media kit and from every link that shares it. This cannot be undone."
        confirmLabel="Delete file"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (failure) => {
              setDeleting(null);
              setError(describeError(failure, "Could not delete the file. Please try again."));
            },
          })
        }
      />
    </Card>
  );
}
