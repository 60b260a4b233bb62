package io.mosaicod.core;

/**
 * What an operator reads when a task fails: the failure's own sentence, followed by its root cause's when that
 * says something the sentence does not. Libraries wrap the cause that matters ("No space left on device") in
 * a sentence about what they were doing ("can not write PageHeader(...)"); the operator needs both.
 */
public final class FailureText {
    private FailureText() {
    }

    public static String of(Throwable failure) {
        String text = messageOf(failure);
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root == failure) {
            return text;
        }
        String rootText = messageOf(root);
        return text.contains(rootText) ? text : text + ": " + rootText;
    }

    private static String messageOf(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
