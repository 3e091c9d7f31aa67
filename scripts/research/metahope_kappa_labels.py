import json, numpy as np
from sklearn.metrics import cohen_kappa_score
V=json.load(open('/tmp/metahope_vectors.json'))
def kappa_values(a,b,labels,power):
    # weights by value distance, not by index
    L=list(labels); K=len(L); idx={x:i for i,x in enumerate(L)}
    O=np.zeros((K,K))
    for x,y in zip(a,b): O[idx[x],idx[y]]+=1
    E=np.outer(O.sum(1),O.sum(0))/O.sum()
    W=np.array([[abs(L[i]-L[j])**power for j in range(K)] for i in range(K)],float)
    return 1-(W*O).sum()/(W*E).sum()
for k,d in V.items():
    a=np.array(d['A'],int); b=np.array(d['B'],int)
    obs=sorted(set(a)|set(b)); u=sorted(set(obs)|{0,2,4,6,8,10})
    full=list(range(0,max(obs+[10])+1,2))
    print(k, 'obs', sorted(set(a)|set(b)),
      'q_obs=%.3f q_union=%.3f q_even=%.3f | valq_obs=%.3f valq_union=%.3f | lin_obs=%.3f lin_union=%.3f' % (
      cohen_kappa_score(a,b,weights='quadratic'), cohen_kappa_score(a,b,weights='quadratic',labels=u),
      cohen_kappa_score(a,b,weights='quadratic',labels=full), kappa_values(a,b,obs,2), kappa_values(a,b,u,2),
      cohen_kappa_score(a,b,weights='linear'), cohen_kappa_score(a,b,weights='linear',labels=u)))
