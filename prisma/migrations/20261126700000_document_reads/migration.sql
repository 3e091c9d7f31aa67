-- CreateTable
CREATE TABLE "DocumentRead" (
    "userId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentRead_pkey" PRIMARY KEY ("userId","documentId")
);

-- CreateIndex
CREATE INDEX "DocumentRead_documentId_idx" ON "DocumentRead"("documentId");

-- AddForeignKey
ALTER TABLE "DocumentRead" ADD CONSTRAINT "DocumentRead_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentRead" ADD CONSTRAINT "DocumentRead_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

