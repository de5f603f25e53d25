/**
 * File-system helpers that several parts of the runtime need alike: moving a finished file into
 * place, creating files and folders that hold secrets for their owner only, saying in words what
 * a failed file operation ran into, and the user's cache (Playwright's driver and SQLite's native
 * library are kept there between runs).
 */
@NullMarked
package io.spinneret.disk;

import org.jspecify.annotations.NullMarked;
