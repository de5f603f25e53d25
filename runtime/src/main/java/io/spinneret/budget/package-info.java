/**
 * Page budgets per host and per registrable domain ({@code max_pages_per_host},
 * {@code max_pages_per_domain}): {@link HostBudgets} asks the scheduler's
 * {@link io.spinneret.spi.PageBudget} before a request of the frontier is fetched, drops the
 * request of a host or domain whose budget is spent, and remembers which it stopped.
 */
@NullMarked
package io.spinneret.budget;

import org.jspecify.annotations.NullMarked;
