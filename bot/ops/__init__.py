"""Operations around the store: backups, doctor, instance lock, lifecycle job, log redaction."""
