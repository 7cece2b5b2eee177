/**
 * Whether the process still wants new traffic. SIGTERM flips it at once, so `/readyz` answers
 * 503 and load balancers move clients elsewhere while requests keep being served (the drain).
 */
export class ServiceLifecycle {
  private draining = false;

  get accepting(): boolean {
    return !this.draining;
  }

  startDraining(): void {
    this.draining = true;
  }
}
