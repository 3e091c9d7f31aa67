-- Adaptive redundancy rules (issue 31 point 3): one per project and field.
CREATE TABLE "AdaptiveRedundancyRule" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "k" INTEGER NOT NULL,
    "max" INTEGER NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdaptiveRedundancyRule_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "AdaptiveRedundancyRule_k_max_check" CHECK ("k" >= 1 AND "max" >= "k")
);

CREATE UNIQUE INDEX "AdaptiveRedundancyRule_projectId_field_key" ON "AdaptiveRedundancyRule"("projectId", "field");

-- declared here, not in schema.prisma (see the model's comment): a project's rules go with it
ALTER TABLE "AdaptiveRedundancyRule" ADD CONSTRAINT "AdaptiveRedundancyRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
