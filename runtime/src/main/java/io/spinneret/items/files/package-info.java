/**
 * The files pipeline: downloads the files of items' {@code @FileUrl} components through the
 * crawl's own chain and keeps them under {@code files_store} by content hash, before the items go
 * to storage. {@link FileDownloads} is the step, {@link FileStore} the folder.
 */
@NullMarked
package io.spinneret.items.files;

import org.jspecify.annotations.NullMarked;
