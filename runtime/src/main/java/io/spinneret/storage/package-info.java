/**
 * The built-in storages (files, JDBC databases, MongoDB, in subpackages) and
 * {@link io.spinneret.storage.Storages}, which picks one for an {@code output} target. The contract
 * they implement is {@link io.spinneret.spi.Storage}.
 */
@NullMarked
package io.spinneret.storage;

import org.jspecify.annotations.NullMarked;
