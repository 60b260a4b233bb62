package io.mosaicod.core;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

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
        if (message == null || message.isBlank()) {
            return failure.getClass().getSimpleName();
        }
        if (failure instanceof FileSystemException file && file.getReason() == null) {
            return message + ": " + whatWentWrong(file); // the message of most of these is the path alone
        }
        return message;
    }

    private static String whatWentWrong(FileSystemException failure) {
        if (failure instanceof NoSuchFileException) {
            return "no such file or folder";
        } else if (failure instanceof AccessDeniedException) {
            return "permission denied";
        } else if (failure instanceof FileAlreadyExistsException) {
            return "already exists";
        } else if (failure instanceof NotDirectoryException) {
            return "not a folder";
        } else if (failure instanceof DirectoryNotEmptyException) {
            return "folder not empty";
        }
        return failure.getClass().getSimpleName();
    }
}
