import { toast } from "./toast.ts";

/** Copies text to the clipboard and says so; when the browser refuses, asks the user to copy it by hand. */
export async function copyText(text: string, copied: { title: string; description: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied);
  } catch {
    toast({
      title: "Could not copy",
      description: "Select the text and copy it yourself.",
      variant: "destructive",
    });
  }
}
